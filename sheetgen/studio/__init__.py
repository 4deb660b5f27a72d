"""``sheetgen serve``: the live studio, a local web app showing every face as files are saved.

The parts, in the order a saved file travels through them: ``server`` starts uvicorn and
follows the project with watchfiles (OS notifications); ``workspace`` reloads and prepares
again, in this warm process, only the components the changed files feed (``views`` holds
what it knows, ``memo`` the faces of unchanged items, ``judge`` each face's print checks);
``face_images`` draws the new faces as PNGs; ``live`` holds the workspace, the images and the
listening pages; ``app`` (Starlette) serves the page, its JSON (``pages``), images and a
server-sent event stream, and ``static/studio.js`` patches the page in place. ``source_map``
answers "where does this come from?" for any element; ``extras`` draws a profile's printed
pages, compares variants and runs the dice panel; ``guard`` keeps the server local,
read-only and inside the project.
"""
