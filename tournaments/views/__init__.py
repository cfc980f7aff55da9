"""The event pages: thin function views, each with its permission check first."""
