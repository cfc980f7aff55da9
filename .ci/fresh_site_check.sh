#!/usr/bin/env bash
# The site `make run` started in a bare clone ($1, its output in $2): a full STAW catalog, a demo
# event whose players submitted legal fleets, and /check/ pricing a pasted Utopia link.
set -euo pipefail
clone="$1"
log="$2"
for _ in $(seq 1 600); do
  curl -fsS -o /dev/null http://127.0.0.1:8000/check/ 2>/dev/null && break
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
token="$(curl -fsS -c "$jar" http://127.0.0.1:8000/check/ | sed -n 's/.*name="csrfmiddlewaretoken" value="\([^"]*\)".*/\1/p' | head -1)"
link="$(cat tests/rules/attack_wing/interchange/samples/romulans.utopia-link)"
page="$(curl -fsS -b "$jar" -e http://127.0.0.1:8000/check/ \
  --data-urlencode "csrfmiddlewaretoken=$token" --data-urlencode "text=$link" --data-urlencode "format_key=wizkids-2016" \
  http://127.0.0.1:8000/check/)"
rm -f "$jar"
echo "$page" | grep -q "I.R.W. Valdore" && echo "$page" | grep -q "Costs from Utopia cards" \
  || { echo "/check/ did not price the Utopia link"; exit 1; }
echo "/check/ priced a pasted Utopia link"
