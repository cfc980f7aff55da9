"""The JSON API (django-ninja): one API object, each app adds its router here.

The schema is served at ``/api/openapi.json``; ``/api/docs`` renders it as a
plain site page (no scripts, so the Content-Security-Policy holds).
"""

from django.core.exceptions import RequestDataTooBig
from django.shortcuts import render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from ninja import NinjaAPI
from ninja.openapi.docs import DocsBase

from fleets.api import router as fleets_router
from seasons.api import router as seasons_router
from stores.api import router as stores_router
from tournaments.api import router as events_router


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


PROBLEM = {"type": "object", "properties": {"detail": {"type": "string"}}, "required": ["detail"]}
INVALID = {"type": "object", "properties": {"detail": {"type": "array", "items": {"type": "object"}}}}
# The answers django-ninja gives before an operation runs, which its schema leaves out.
GATE_ANSWERS = {
    401: (_("No valid token or session."), PROBLEM, lambda operation: "security" in operation),
    413: (
        _("The request body is larger than the site accepts."),
        PROBLEM,
        lambda operation: "requestBody" in operation,
    ),
    422: (
        _("A parameter or the body does not match the schema."),
        INVALID,
        lambda operation: bool(operation.get("parameters")) or "requestBody" in operation,
    ),
}


class MusterAPI(NinjaAPI):
    """The API, with every answer an operation can give in its schema (clients and tests rely on it)."""

    def get_openapi_operation_id(self, operation) -> str:
        """``<app>_api_<view>`` (``fleets_api_fleet_list``): named after the app's API package, not the module
        inside it that holds the view, so the ids clients generate code from outlive a module's split."""
        app = operation.view_func.__module__.split(".")[0]
        return f"{app}_api_{operation.view_func.__name__}"

    def get_openapi_schema(self, **kwargs):
        schema = super().get_openapi_schema(**kwargs)
        for methods in schema["paths"].values():
            for operation in methods.values():
                for status, (description, body, applies) in GATE_ANSWERS.items():
                    if applies(operation):
                        operation["responses"].setdefault(
                            status, {"description": str(description), "content": {"application/json": {"schema": body}}}
                        )
        return schema


api = MusterAPI(title="Muster API", version="1", urls_namespace="api", docs=SchemaPage())
api.add_router("/", fleets_router)
api.add_router("/", events_router)
api.add_router("/", seasons_router)
api.add_router("/", stores_router)


@api.exception_handler(RequestDataTooBig)
def body_too_large(request, exc):
    """A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` gets a JSON answer like every other refusal."""
    return api.create_response(
        request, {"detail": gettext("The request body is larger than the site accepts.")}, status=413
    )
