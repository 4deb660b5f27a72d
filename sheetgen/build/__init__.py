"""The build as a transaction: plan, cache, workers, stage, record."""
