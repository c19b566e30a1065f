import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_list


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1", True),
        ("true", True),
        ("Yes", True),
        ("0", False),
        ("off", False),
        ("", False),
    ],
)
def test_env_bool_reads_the_usual_spellings(monkeypatch, raw, expected):
    monkeypatch.setenv("FLAG", raw)
    assert env_bool("FLAG", default=not expected) is expected


def test_env_bool_default_when_unset(monkeypatch):
    monkeypatch.delenv("FLAG", raising=False)
    assert env_bool("FLAG", default=True) is True


def test_env_bool_refuses_nonsense(monkeypatch):
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="FLAG='maybe' is not a boolean"):
        env_bool("FLAG", default=False)


def test_env_list_splits_on_commas(monkeypatch):
    monkeypatch.setenv("HOSTS", "example.org, www.example.org,,")
    assert env_list("HOSTS", default=[]) == ["example.org", "www.example.org"]


def test_settings_refuse_to_start_without_a_secret_key_in_production(tmp_path):
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_database_url_selects_the_database(tmp_path):
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path}/other.sqlite3",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    code = "from django.conf import settings; print(settings.DATABASES['default']['NAME'])"
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == f"{tmp_path}/other.sqlite3"


SETTINGS_FILE = Path(__file__).resolve().parents[1] / "config" / "settings.py"
#: The variables that change which settings are made.
CONFIGURING = ("DEBUG", "SECRET_KEY", "REDIS_URL", "DATABASE_REPLICA_URL", "SECURE_SSL")


def settings_with(monkeypatch, **env: str) -> dict:
    """The settings ``config/settings.py`` makes in an environment with ``env`` set (and
    none of the other variables that configure it)."""
    for name in CONFIGURING:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS_FILE))


MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "pubs.web.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "pubs.admin.locale.AdminLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "pubs.web.views.NotFoundPageInDevelopment",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]
# The replica's middleware comes after LocaleMiddleware, which decides the language the path
# of a public page is read in (and the admin's language middleware, which follows it).
WITH_REPLICA = [*MIDDLEWARE[:6], "config.routers.PublicReadsMiddleware", *MIDDLEWARE[6:]]
PRODUCTION = {"DEBUG": "0", "SECRET_KEY": "x" * 50}
REPLICA = {"DATABASE_REPLICA_URL": "postgres://postgres@127.0.0.1:5432/replica"}
REDIS = {"REDIS_URL": "redis://127.0.0.1:6379/0"}


@pytest.mark.parametrize(
    ("env", "middleware"),
    [
        pytest.param({}, MIDDLEWARE, id="development"),
        pytest.param(PRODUCTION, MIDDLEWARE, id="production"),
        pytest.param({**PRODUCTION, "SECURE_SSL": "0"}, MIDDLEWARE, id="plain-http"),
        pytest.param(REDIS, MIDDLEWARE, id="shared-cache"),
        pytest.param(REPLICA, WITH_REPLICA, id="replica"),
        pytest.param({**PRODUCTION, **REDIS, **REPLICA}, WITH_REPLICA, id="everything"),
    ],
)
def test_the_middleware_order_of_each_configuration(monkeypatch, env, middleware):
    assert settings_with(monkeypatch, **env)["MIDDLEWARE"] == middleware


def test_a_replica_adds_its_database_and_router(monkeypatch):
    made = settings_with(monkeypatch, **REPLICA)
    assert made["DATABASES"]["replica"]["NAME"] == "replica"
    assert made["DATABASE_ROUTERS"] == ["config.routers.PublicReadsToReplica"]
    plain = settings_with(monkeypatch)
    assert "replica" not in plain["DATABASES"]
    assert plain["DATABASE_ROUTERS"] == []


def test_redis_url_shares_one_cache(monkeypatch):
    cache = settings_with(monkeypatch, **REDIS)["CACHES"]["default"]
    assert cache["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert cache["LOCATION"] == REDIS["REDIS_URL"]
    local = settings_with(monkeypatch)["CACHES"]["default"]
    assert local["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
