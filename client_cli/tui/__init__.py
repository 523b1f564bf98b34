"""The full-screen krig, built on Textual.

client_cli.tui.app: the app and its screens; tui.room: the room; tui.base: what
the screens stand on (the app as they see it, the settings form).
"""
