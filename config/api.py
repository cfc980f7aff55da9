"""The JSON API (django-ninja): one API object, each app adds its router here.

The schema is served at ``/api/openapi.json``; ``/api/docs`` renders it as a
plain site page (no scripts, so the Content-Security-Policy holds).
"""

from django.shortcuts import render
from ninja import NinjaAPI
from ninja.openapi.docs import DocsBase

from fleets.api import router as fleets_router


class SchemaPage(DocsBase):
    """The API reference rendered on the server from the OpenAPI schema."""

    def render_page(self, request, api, **kwargs):
        schema = api.get_openapi_schema(path_params=kwargs)
        operations = [
            {"path": path, "method": method.upper(), **operation}
            for path, methods in schema["paths"].items()
            for method, operation in methods.items()
        ]
        context = {"api": api, "operations": operations, "schema_url": self.get_openapi_url(api, kwargs)}
        return render(request, "fleets/api_docs.html", context)


api = NinjaAPI(title="Muster API", version="1", urls_namespace="api", docs=SchemaPage())
api.add_router("/", fleets_router)
