"""Chainlit entry point (``make run``, or ``chainlit run app.py`` with the same environment).

Importing this module only registers Chainlit callbacks; the runtime (database, stores, model, scheduler) is
built by the composition root when the app starts.
"""

from travel_assistant.web import branding
from travel_assistant.web.handlers import install

install()
branding.install()
