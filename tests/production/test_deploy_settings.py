"""Production settings come from the environment alone, and pass Django's deployment checks."""

import json

from tests.production.conftest import manage, run_python

SETTINGS = (
    "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "SECURE_PROXY_SSL_HEADER",
    "STATIC_URL",
)


def settings_of(env: dict[str, str]) -> dict:
    code = (
        "import django, json; django.setup(); from django.conf import settings; "
        f"print(json.dumps({{name: getattr(settings, name, None) for name in {SETTINGS!r}}}))"
    )
    return json.loads(run_python(code, env).stdout)


def test_check_deploy_is_clean_with_production_settings(production_env):
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_check_deploy_warns_about_a_debug_configuration(production_env):
    result = manage(
        "check", "--deploy", "--fail-level", "WARNING", env={**production_env, "DEBUG": "1"}
    )
    assert result.returncode != 0
    assert "security.W018" in result.stderr  # DEBUG on


def test_production_is_https_behind_a_proxy_by_default(production_env):
    values = settings_of(production_env)
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SESSION_COOKIE_SECURE"] is True
    assert values["CSRF_COOKIE_SECURE"] is True
    assert values["SECURE_HSTS_SECONDS"] >= 365 * 24 * 3600
    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_secure_ssl_off_serves_plain_http(production_env):
    values = settings_of({**production_env, "SECURE_SSL": "0"})
    assert values["SECURE_SSL_REDIRECT"] is False
    assert values["SESSION_COOKIE_SECURE"] is False
    assert values["SECURE_HSTS_SECONDS"] == 0
    assert values["SECURE_PROXY_SSL_HEADER"] is None


def test_the_proxy_header_is_configurable(production_env):
    values = settings_of({**production_env, "PROXY_SSL_HEADER": "X-Scheme"})
    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_SCHEME", "https"]


def test_static_url_can_point_at_a_cdn(production_env):
    values = settings_of({**production_env, "STATIC_URL": "https://cdn.example.org/static/"})
    assert values["STATIC_URL"] == "https://cdn.example.org/static/"


STATIC_CHECK = """
import django, json
django.setup()
from django.core.management import call_command
from django.templatetags.static import static
from django.test import Client

call_command("collectstatic", interactive=False, verbosity=0)
url = static("css/site.css")
response = Client(headers={"x-forwarded-proto": "https"}).get(url, HTTP_HOST="pubs.example.org")
body = b"".join(response.streaming_content)
print(json.dumps([url, response.status_code, response["Cache-Control"], len(body)]))
"""


def test_whitenoise_serves_collected_static_files_with_long_caching(production_env, tmp_path):
    env = {**production_env, "STATIC_ROOT": str(tmp_path / "static")}
    url, status, cache_control, size = json.loads(run_python(STATIC_CHECK, env).stdout)
    assert url.startswith("/static/css/site.") and url != "/static/css/site.css"  # hashed name
    assert status == 200
    assert "immutable" in cache_control
    assert size > 0


LOG_CHECK = """
import django, logging
django.setup()
logging.getLogger("django.request").error("a request failed")
"""


def test_logs_go_to_stdout(production_env):
    result = run_python(LOG_CHECK, production_env)
    assert "ERROR django.request: a request failed" in result.stdout
    assert result.stderr == ""
