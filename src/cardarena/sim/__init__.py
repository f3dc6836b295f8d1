"""Simulation: batches of games, random-play fuzzing, balance reports."""
