"""Catalog versions: a catalog's identity, team files pinned to it, what an update changed.

Generic (knows no game): the content digest and ``version:`` of a catalog folder
(:mod:`.identity`), the snapshot store under the user's data folder (:mod:`.store`), the pin a
team file carries (:mod:`.pin`), the field-by-field diff of two catalogs (:mod:`.diff`), what it
does to a file (:mod:`.impact`) and the ``renamed:`` rewrite (:mod:`.migrate`). A game tells
what only it knows through the optional :class:`builder.systems.TracksCatalog` protocol.
"""
