"""The summary the model writes every ``SUMMARY_EVERY`` turns (summary-block window policy)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class SummaryOutput(BaseModel):
    model_config = ConfigDict(extra="ignore")

    summary: str = Field(min_length=1, max_length=6000)
    decisions: list[str] = Field(default_factory=list, max_length=50)
    open_loops: list[str] = Field(default_factory=list, max_length=50)

    def render(self) -> str:
        """Decisions and open loops are listed explicitly: they are what a lossy summary must not lose."""
        parts = [self.summary.strip()]
        if self.decisions:
            parts.append("Decisions: " + "; ".join(self.decisions))
        if self.open_loops:
            parts.append("Open loops: " + "; ".join(self.open_loops))
        return "\n".join(parts)
