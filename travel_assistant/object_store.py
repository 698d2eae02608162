"""Object storage for the fact table: checking the settings at start-up and turning them into LanceDB options.

``LANCEDB_URI=s3://bucket/prefix`` puts the fact table in S3 or any S3-compatible store. Concurrent commits from
several processes are safe there because LanceDB commits a new table version with a conditional put (the
manifest is written only if no other writer created that version first; the loser re-reads and retries).
A store without conditional puts needs LanceDB's DynamoDB commit lock instead:
``s3+ddb://bucket/prefix?ddbTableName=…`` (docs/deploy.md).

Credentials are handed to LanceDB as per-connection storage options, so nothing but this process's memory
holds them: LanceDB does not write storage options into the table, and this module never logs them.
"""

from __future__ import annotations

import re
from typing import Protocol
from urllib.parse import urlsplit

from pydantic import SecretStr


class ObjectStoreSettings(Protocol):
    """The settings this module reads (``Settings`` has them); its own type, so it needs nothing of the app's."""

    @property
    def lancedb_uri(self) -> str | None: ...
    @property
    def aws_endpoint(self) -> str | None: ...
    @property
    def aws_region(self) -> str | None: ...
    @property
    def aws_profile(self) -> str | None: ...
    @property
    def aws_allow_http(self) -> bool: ...
    @property
    def aws_access_key_id(self) -> SecretStr | None: ...
    @property
    def aws_secret_access_key(self) -> SecretStr | None: ...
    @property
    def aws_session_token(self) -> SecretStr | None: ...


S3_SCHEMES = ("s3", "s3+ddb")
# Other schemes LanceDB understands; their settings come from the environment as LanceDB reads it.
OTHER_REMOTE_SCHEMES = ("gs", "az", "abfss")
_BUCKET = re.compile(r"[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")


def scheme_of(uri: str) -> str | None:
    """The URI's scheme, or None for a local folder."""
    return uri.split("://", 1)[0].lower() if "://" in uri else None


def check_object_store(settings: ObjectStoreSettings) -> None:
    """Refuse object-storage settings that cannot work, naming the setting to fix (raises ``ValueError``)."""
    uri = settings.lancedb_uri or ""
    scheme = scheme_of(uri)
    if scheme is None:
        return
    if scheme in OTHER_REMOTE_SCHEMES:
        return
    if scheme not in S3_SCHEMES:
        raise ValueError(
            f"LANCEDB_URI scheme {scheme!r} is not supported; use a folder, s3://bucket/prefix, "
            "s3+ddb://bucket/prefix?ddbTableName=…, gs://… or az://…"
        )
    bucket = urlsplit(uri).netloc
    if not _BUCKET.fullmatch(bucket) or ".." in bucket:
        raise ValueError(
            "LANCEDB_URI must name a valid bucket (3-63 characters: lowercase letters, digits, '.', '-'), "
            "as in s3://my-bucket/facts"
        )
    _check_endpoint(settings)
    _check_credentials(settings)


def _check_endpoint(settings: ObjectStoreSettings) -> None:
    endpoint = settings.aws_endpoint
    if endpoint is None:
        if not settings.aws_region and not settings.aws_profile:
            raise ValueError(
                "LANCEDB_URI is on S3 but AWS_REGION is not set (set AWS_REGION, AWS_PROFILE with a region, "
                "or AWS_ENDPOINT for an S3-compatible server)"
            )
        return
    parts = urlsplit(endpoint)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("AWS_ENDPOINT must be a URL such as https://s3.example.com or http://127.0.0.1:9000")
    if parts.username or parts.password:
        raise ValueError(
            "AWS_ENDPOINT must not contain credentials; use AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY"
        )
    if parts.scheme == "http" and not settings.aws_allow_http:
        raise ValueError(
            "AWS_ENDPOINT uses plain http; set AWS_ALLOW_HTTP=true (for a local S3-compatible server only)"
        )


def _check_credentials(settings: ObjectStoreSettings) -> None:
    key_id, secret = settings.aws_access_key_id, settings.aws_secret_access_key
    if (key_id is None) != (secret is None):
        raise ValueError(
            "set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (to use AWS_PROFILE)"
        )
    if settings.aws_session_token is not None and key_id is None:
        raise ValueError("AWS_SESSION_TOKEN needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY")
    if key_id is not None and settings.aws_profile:
        raise ValueError("set either AWS_PROFILE or access keys, not both")


def storage_options(settings: ObjectStoreSettings) -> dict[str, str]:
    """LanceDB storage options for ``settings.lancedb_uri`` (empty for a local folder or a non-S3 scheme).

    A profile is not passed here: LanceDB's credential chain reads ``AWS_PROFILE`` (and the shared config and
    credentials files) itself when no keys are given.
    """
    if scheme_of(settings.lancedb_uri or "") not in S3_SCHEMES:
        return {}
    options: dict[str, str] = {}
    if settings.aws_endpoint:
        options["aws_endpoint"] = settings.aws_endpoint
    if settings.aws_region:
        options["aws_region"] = settings.aws_region
    elif settings.aws_endpoint:
        options["aws_region"] = "us-east-1"  # S3-compatible servers accept any region; signing needs one
    if settings.aws_allow_http:
        options["allow_http"] = "true"
    for name in ("aws_access_key_id", "aws_secret_access_key", "aws_session_token"):
        secret: SecretStr | None = getattr(settings, name)
        if secret is not None:
            options[name] = secret.get_secret_value()
    return options


def describe(uri: str) -> str:
    """The URI as it may be logged or shown: scheme and bucket, no query string (it may name a lock table)."""
    scheme = scheme_of(uri)
    if scheme is None:
        return "local folder"
    return f"{scheme}://{urlsplit(uri).netloc}/…"
