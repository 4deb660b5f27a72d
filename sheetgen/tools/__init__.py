"""Tools over the build: diff, TTS, reference, new, schema, credits."""
