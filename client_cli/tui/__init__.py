"""The full-screen krig, built on Textual (client_cli.tui.app: the app and its screens)."""
