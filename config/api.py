"""The JSON API (django-ninja): one API object, each app adds its router here."""

from ninja import NinjaAPI

api = NinjaAPI(title="Muster API", version="1", urls_namespace="api")
