"""The model side: the ChatModel protocol, the litellm adapter, assembled prompts, the tape."""
