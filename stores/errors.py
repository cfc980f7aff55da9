class StoreError(Exception):
    """A store change that cannot be made; its message says why, in words for the person who asked."""
