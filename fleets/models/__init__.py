"""The fleets app's models, one module per concern."""
