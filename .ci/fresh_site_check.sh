#!/usr/bin/env bash
# The site `make run` started in a bare clone ($1, its output in $2, serving at $3): a full STAW
# catalog, a demo event whose players submitted legal fleets, and /check/ pricing a pasted Utopia link.
set -euo pipefail
clone="$1"
log="$2"
site="$3"
for _ in $(seq 1 600); do
  curl -fsS -o /dev/null "$site/check/" 2>/dev/null && break
  sleep 1
done
grep -q "Imported the Utopia cards bundled with Muster" "$log" || { cat "$log"; exit 1; }
cd "$clone"
.venv/bin/python manage.py shell -v 0 -c '
from fleets.models import Card
from games.attack_wing.demo import DEMO_EVENT_NAME
from tournaments.models import Event
cards = Card.objects.count()
event = Event.objects.get(name=DEMO_EVENT_NAME)
fleets = [r.fleet_version for r in event.registrations.select_related("fleet_version")]
assert cards > 2000, f"{cards} cards"
assert len(fleets) >= 4 and all(v is not None and v.legal for v in fleets), "demo fleets"
print(f"catalog: {cards} cards; demo STAW event: {len(fleets)} legal fleets")
'
jar="$(mktemp)"
token="$(curl -fsS -c "$jar" "$site/check/" | sed -n 's/.*name="csrfmiddlewaretoken" value="\([^"]*\)".*/\1/p' | head -1)"
link="$(cat tests/rules/attack_wing/interchange/samples/romulans.utopia-link)"
page="$(curl -sS -w '\nHTTP status %{http_code}\n' -b "$jar" -e "$site/check/" \
  --data-urlencode "csrfmiddlewaretoken=$token" --data-urlencode "text=$link" --data-urlencode "format_key=wizkids-2016" \
  "$site/check/")"
rm -f "$jar"
# Here-strings, not pipes: `grep -q` leaving a pipe early would fail the pipeline under pipefail.
if ! grep -q "I.R.W. Valdore" <<<"$page" || ! grep -q "Costs from Utopia cards" <<<"$page"; then
  echo "/check/ did not price the Utopia link; the page's messages and status:"
  grep -E 'alert|invalid-feedback|errorlist|<h1|HTTP status' <<<"$page" || true
  tail -20 "$log"
  exit 1
fi
echo "/check/ priced a pasted Utopia link"
