"""``sheetgen serve``: the live studio, a local web app showing every face as files are saved.

The parts, in the order a saved file travels through them: ``watcher`` (watchfiles, OS
notifications) tells ``workspace`` which files changed; the workspace reloads and prepares
again, in this warm process, only the components those files feed, and keeps each face's
print-check findings; ``face_images`` draws the changed faces as PNGs; ``app`` (Starlette)
serves pages, JSON and images and pushes a server-sent event; ``static/studio.js`` patches the
page in place. ``source_map`` answers "where does this come from?" for any element; ``extras``
draws a profile's printed pages, compares variants and runs the dice panel; ``guard`` keeps
the server local, read-only and inside the project.
"""
