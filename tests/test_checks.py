"""The site's own system checks."""

import os
import secrets

import pytest
from django.core.checks import Warning
from django.test import override_settings

from pubs.checks import NO_SOURCES_CONTACT, sources_contact_check
from tests.production.conftest import TEST_ONLY, manage


@pytest.fixture
def production_without_contact() -> dict[str, str]:
    """A production process's environment (DEBUG off) that gives no SOURCES_CONTACT."""
    kept = {
        name: value
        for name, value in os.environ.items()
        if name not in TEST_ONLY and name != "SOURCES_CONTACT"
    }
    return {
        **kept,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "pubs.example.org",
    }


@override_settings(DEBUG=False, SOURCES_CONTACT="")
def test_a_production_site_without_a_sources_contact_is_warned():
    [warning] = sources_contact_check()
    assert isinstance(warning, Warning) and warning.id == NO_SOURCES_CONTACT == "labpubs.W001"
    assert "SOURCES_CONTACT=" in warning.hint


@override_settings(DEBUG=False, SOURCES_CONTACT="pubs-admin@lab.example.edu")
def test_a_production_site_with_a_sources_contact_is_not_warned():
    assert sources_contact_check() == []


@override_settings(DEBUG=True, SOURCES_CONTACT="")
def test_a_development_site_is_not_warned():
    assert sources_contact_check() == []


def test_check_deploy_shows_the_warning(production_without_contact):
    result = manage("check", "--deploy", env=production_without_contact)
    assert result.returncode == 0, result.stderr
    assert f"({NO_SOURCES_CONTACT}) SOURCES_CONTACT is not set" in result.stderr
