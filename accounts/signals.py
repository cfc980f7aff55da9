"""What the accounts app tells the apps built on it, which it never imports."""

from django.dispatch import Signal

# A site role was taken away (the People page's revoke), inside its transaction: the apps that lent
# powers to the role's holder end them. Arguments: ``user``, ``role`` (its name) and ``by``, who took it.
role_taken = Signal()
