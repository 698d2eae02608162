"""The one typed configuration object, read from the environment and ``.env``.

Built by :func:`build_settings` (never at import time). Outside development it refuses placeholder secrets and
demo users, so a copied ``.env.example`` cannot reach production by accident.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from assistant.errors import ConfigurationError
from travel_assistant.object_store import check_object_store, storage_options

if TYPE_CHECKING:
    from assistant.facts.asking import AskPolicy

PLACEHOLDER_MARKERS = ("change-me", "changeme", "placeholder", "example", "development-only")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    app_env: Literal["development", "test", "production"] = "development"
    travel_data_dir: Path = Path("./data")
    database_url: str | None = None
    lancedb_uri: str | None = None

    # Language model (any litellm model string). The default needs no key and no network.
    llm_model: str = "offline/travel-agent"
    llm_api_key: SecretStr | None = None
    llm_api_base: str | None = None
    openai_api_key: SecretStr | None = None
    anthropic_api_key: SecretStr | None = None
    gemini_api_key: SecretStr | None = None
    mistral_api_key: SecretStr | None = None
    groq_api_key: SecretStr | None = None
    llm_timeout_seconds: float = Field(default=60.0, gt=0)
    llm_max_retries: int = Field(default=2, ge=0, le=10)
    offline_stream_delay_ms: int = Field(default=25, ge=0, le=1000)
    # How the offline model tells what a message is for: by meaning (the bundled MiniLM, nearest example
    # phrasings) or by its phrasing patterns alone.
    offline_intents: Literal["meaning", "patterns"] = "meaning"
    # Save every model exchange of this process to a folder; LLM_MODEL=replay/<folder> serves them back.
    llm_record: Path | None = None
    # LLM_TIMEOUT_SECONDS is per attempt; this bounds all attempts of one call and the waits between them.
    llm_deadline_seconds: float = Field(default=150.0, gt=0)

    # Context window
    window_policy: Literal["full", "sliding", "summary-block"] = "summary-block"
    summary_every: int = Field(default=8, ge=2, le=100)
    context_budget_tokens: int = Field(default=12000, ge=1000)
    reply_reserve_tokens: int = Field(default=1000, ge=100)
    max_message_chars: int = Field(default=4000, ge=10, le=100_000)
    clear_old_tool_results: bool = True

    # Long-term memory
    embeddings: str = Field(default="minilm", description="minilm | hash | litellm:<embedding model>")
    recall_keyed_max: int = Field(default=50, ge=0)
    recall_k: int = Field(default=8, ge=1, le=100)
    recall_min_relevance: float = Field(default=0.3, ge=0, le=1)
    # Recency breaks near-ties in hybrid recall: among facts whose relevance is within RECALL_RECENCY_BAND of
    # each other the newer ranks first (the bonus halves every RECALL_HALF_LIFE_DAYS); a larger relevance gap
    # always wins. 0 turns recency off; above 0.2 it would be a reorder, not a tie-break.
    recall_recency_band: float = Field(default=0.01, ge=0, le=0.2)
    recall_half_life_days: float = Field(default=180.0, gt=0)
    # Replaced by RECALL_RECENCY_BAND; read only to refuse it with a clear message (see _refuse_replaced).
    recall_recency_weight: float | None = None

    # Background jobs and retention
    idle_minutes: float = Field(default=30, gt=0)
    inactivity_days: int = Field(default=365, ge=1)
    # A fact the write gate was unsure of is asked about when a conversation opens, in at most ASK_TIMES
    # conversations; unanswered ASK_LAPSE_DAYS after the last of them, it lapses (the expiry job).
    ask_times: int = Field(default=2, ge=1, le=10)
    ask_lapse_days: int = Field(default=30, ge=1)
    promote_every_seconds: int = Field(default=60, ge=1)
    expire_every_minutes: int = Field(default=60, ge=1)
    wipe_every_hours: int = Field(default=24, ge=1)
    claim_lease_seconds: int = Field(default=300, ge=5)
    scheduler_in_app: bool = True
    # A failed (or crashed) promotion is retried after base * 2^(failures-1) seconds, at most the cap.
    claim_retry_base_seconds: int = Field(default=60, ge=1)
    claim_retry_max_seconds: int = Field(default=3600, ge=1)
    # Threads a promotion pass claims and writes together (one batched fact write per chunk); smaller chunks
    # lose less work to a killed worker, larger ones write less often.
    promote_chunk: int = Field(default=200, ge=1, le=10_000)
    # Extraction calls of a chunk in flight at once (a hosted model's latency, not this machine, is the limit).
    promote_concurrency: int = Field(default=8, ge=1, le=256)

    # Web app and authentication
    chainlit_auth_secret: SecretStr = SecretStr("change-me-development-only-secret-0123456789")
    demo_users: str = ""
    admin_users: str = ""
    public_origin: str = "http://localhost:8000"
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    # An absolute limit: a login ends this many hours after it began, however often its cookie is renewed.
    session_hours: float = Field(default=12, gt=0, le=24 * 30)
    header_auth: bool = False
    header_auth_name: str = "X-Forwarded-User"
    # Failed logins allowed per account and per client address (`limits` notation, moving window). Only
    # failures count; the window is the longest a real user waits once an attack stops.
    login_limit_per_account: str = "5/minute"
    login_limit_per_address: str = "20/minute"
    # Where the counters live: memory:// is per process. With several app workers use a shared store, e.g.
    # redis://host:6379 (needs the `redis` package), or each worker counts on its own.
    login_throttle_storage: str = "memory://"
    # Proxies whose X-Forwarded-For / -Proto are believed (uvicorn's forwarded_allow_ips): the client
    # address the throttle counts comes from them.
    forwarded_allow_ips: str = "127.0.0.1"
    # The demo clock (admins move their own clock to show promotion and recall across days). Development and
    # test only: production refuses DEMO_CLOCK=true, and ignores stored clocks.
    demo_clock: bool = True

    # --- Object storage for LANCEDB_URI=s3://… (the standard AWS variable names; see docs/deploy.md) --------
    # Credentials come from these keys, or from AWS_PROFILE (a profile in ~/.aws/credentials or config),
    # or from the platform (instance or task role). They are handed to LanceDB per connection and never
    # written into table metadata or logs.
    aws_endpoint: str | None = Field(
        default=None, validation_alias=AliasChoices("aws_endpoint", "aws_endpoint_url_s3", "aws_endpoint_url")
    )
    aws_region: str | None = Field(
        default=None, validation_alias=AliasChoices("aws_region", "aws_default_region")
    )
    aws_access_key_id: SecretStr | None = None
    aws_secret_access_key: SecretStr | None = None
    aws_session_token: SecretStr | None = None
    aws_profile: str | None = None
    aws_allow_http: bool = False  # only for a local S3-compatible server (moto, MinIO) on http://

    # --- Operations: start-up, health, logs, traces -----------------------------------------------------
    # Apply migrations when a process starts (development). In production run `travel-assistant db-upgrade`
    # once per release and set this false: workers then wait (not ready) until the schema is at head.
    migrate_on_start: bool = True
    log_format: Literal["json", "text"] | None = None  # default: text in development, json otherwise
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    # The standalone scheduler's /healthz and /readyz (0: no health port).
    scheduler_health_port: int = Field(default=0, ge=0, le=65535)
    # Readiness fails when this process runs the scheduler and its heartbeat is older than this.
    scheduler_heartbeat_seconds: float = Field(default=5.0, gt=0, le=300)

    @field_validator("llm_model")
    @classmethod
    def _model_shape(cls, value: str) -> str:
        if not value.strip() or any(c.isspace() for c in value):
            raise ValueError(
                "LLM_MODEL must be a litellm model string such as 'gpt-4o-mini' or 'ollama/llama3'"
            )
        return value

    @field_validator("public_origin")
    @classmethod
    def _origin_shape(cls, value: str) -> str:
        from urllib.parse import urlsplit

        parts = urlsplit(value.strip())
        if (
            parts.scheme not in ("http", "https")
            or not parts.hostname
            or parts.path.strip("/")
            or parts.query
        ):
            raise ValueError("PUBLIC_ORIGIN must be scheme://host[:port], e.g. https://travel.example.com")
        return f"{parts.scheme}://{parts.netloc}".lower()

    @field_validator("login_limit_per_account", "login_limit_per_address")
    @classmethod
    def _limit_shape(cls, value: str) -> str:
        from limits import parse

        try:
            item = parse(value)
        except ValueError as exc:
            raise ValueError(
                f"{value!r} is not a rate limit such as '5/minute' or '20 per 10 minutes'"
            ) from exc
        if item.get_expiry() > 3600:
            raise ValueError(
                "login limits use windows of at most an hour, so a locked-out user is not kept out"
            )
        return value

    @property
    def https(self) -> bool:
        """Served over HTTPS (directly or behind a TLS proxy): cookies get Secure, responses get HSTS."""
        return self.public_origin.startswith("https://")

    @property
    def api_docs(self) -> bool:
        """FastAPI's /docs, /redoc and /openapi.json: development only (they map every route, unauthenticated)."""
        return self.app_env == "development"

    @model_validator(mode="after")
    def _refuse_replaced(self) -> Settings:
        # Silently ignoring it would keep the old meaning in the operator's head (a share of the score that
        # could reorder results); the new setting is a band, with a different scale.
        if self.recall_recency_weight is not None:
            raise ValueError(
                "RECALL_RECENCY_WEIGHT was replaced by RECALL_RECENCY_BAND: recency now only orders facts "
                "whose relevance is within the band (default 0.01); remove RECALL_RECENCY_WEIGHT"
            )
        return self

    @property
    def ask_policy(self) -> AskPolicy:
        """How often a fact the write gate was unsure of is asked about, and when an unanswered one lapses."""
        from assistant.facts.asking import AskPolicy

        return AskPolicy(max_asks=self.ask_times, lapse_after=timedelta(days=self.ask_lapse_days))

    @property
    def demo_clock_enabled(self) -> bool:
        """Whether demo clocks are honoured at all (never in production)."""
        return self.demo_clock and self.app_env != "production"

    @model_validator(mode="after")
    def _refuse_placeholders(self) -> Settings:
        if self.app_env == "production" and self.demo_clock and "demo_clock" in self.model_fields_set:
            raise ValueError("DEMO_CLOCK is for development and demos only; unset it for APP_ENV=production")
        if self.app_env == "development":
            return self
        secret = self.chainlit_auth_secret.get_secret_value()
        if len(secret) < 32 or any(marker in secret.lower() for marker in PLACEHOLDER_MARKERS):
            raise ValueError(
                f"CHAINLIT_AUTH_SECRET is a placeholder or too short; APP_ENV={self.app_env} needs a real secret "
                "(e.g. `chainlit create-secret` or `python -c 'import secrets; print(secrets.token_urlsafe(48))'`)"
            )
        if self.demo_users:
            raise ValueError(f"DEMO_USERS is for development only; unset it for APP_ENV={self.app_env}")
        return self

    @model_validator(mode="after")
    def _check_object_store(self) -> Settings:
        check_object_store(self)  # raises ValueError with the setting to fix
        return self

    @property
    def resolved_log_format(self) -> Literal["json", "text"]:
        return self.log_format or ("text" if self.app_env == "development" else "json")

    def lancedb_storage_options(self) -> dict[str, str]:
        """What LanceDB needs to reach ``LANCEDB_URI`` (empty for a local folder)."""
        return storage_options(self)

    @property
    def resolved_database_url(self) -> str:
        return self.database_url or f"sqlite:///{(self.travel_data_dir / 'travel.db').resolve()}"

    @property
    def resolved_lancedb_uri(self) -> str:
        return self.lancedb_uri or str((self.travel_data_dir / "lancedb").resolve())

    def demo_accounts(self) -> list[tuple[str, str]]:
        """``alice:pw,bob:pw`` → [("alice", "pw"), ("bob", "pw")]."""
        accounts = []
        for item in filter(None, (part.strip() for part in self.demo_users.split(","))):
            name, sep, password = item.partition(":")
            if not sep or not name or not password:
                raise ConfigurationError("DEMO_USERS must look like 'alice:password,bob:password'")
            accounts.append((name.strip(), password))
        return accounts

    def admins(self) -> set[str]:
        return {a.strip() for a in self.admin_users.split(",") if a.strip()}

    def provider_api_key(self, provider: str) -> str | None:
        """The key for the provider litellm resolved from LLM_MODEL; LLM_API_KEY overrides all."""
        if self.llm_api_key:
            return self.llm_api_key.get_secret_value()
        by_provider = {
            "openai": self.openai_api_key,
            "anthropic": self.anthropic_api_key,
            "gemini": self.gemini_api_key,
            "mistral": self.mistral_api_key,
            "groq": self.groq_api_key,
        }
        key = by_provider.get(provider)
        return key.get_secret_value() if key else None


def build_settings(**overrides: object) -> Settings:
    """Read settings; configuration mistakes become one ConfigurationError with a readable message."""
    from pydantic import ValidationError

    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'settings'}: {e['msg']}" for e in exc.errors()
        )
        raise ConfigurationError(f"invalid configuration: {problems}") from exc
