"""Shared test set-up: this folder is on sys.path, so scenario harnesses can import `scenario_tools`."""
