"""A game complete in itself whose menu link, submit page and list template do not exist."""
