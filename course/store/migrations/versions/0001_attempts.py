"""The attempts table; a file from before migrations existed gets its missing columns.

The first progress files had no version table, and the oldest lacked `game`, `rules` and
`revealed`. Such a file is adopted here: every missing column is added with its default, so
nothing already recorded is lost.

Revision ID: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

# Columns that an older file may lack, with the value its old rows get.
ADDABLE = {
    "ask": (sa.Text, ""),
    "skill": (sa.Text, ""),
    "game": (sa.Text, ""),
    "rules": (sa.Text, ""),
    "given": (sa.Text, "null"),
    "correct": (sa.Integer, "0"),
    "revealed": (sa.Integer, "0"),
}


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if not inspector.has_table("attempts"):
        op.create_table(
            "attempts",
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("learner", sa.Text, nullable=False),
            sa.Column("at", sa.Text, nullable=False),          # ISO 8601, UTC
            sa.Column("exercise", sa.Text, nullable=False),
            sa.Column("question", sa.Integer, nullable=False),  # 0-based index in its exercise
            sa.Column("ask", sa.Text, nullable=False),
            sa.Column("skill", sa.Text, nullable=False),
            sa.Column("game", sa.Text, nullable=False, server_default=""),
            sa.Column("rules", sa.Text, nullable=False, server_default=""),
            sa.Column("given", sa.Text, nullable=False),        # JSON of the answer given
            sa.Column("correct", sa.Integer, nullable=False),
            sa.Column("revealed", sa.Integer, nullable=False, server_default="0"),
            sqlite_autoincrement=True,
        )
    else:
        have = {c["name"] for c in inspector.get_columns("attempts")}
        for name, (kind, default) in ADDABLE.items():
            if name not in have:
                op.add_column("attempts", sa.Column(name, kind, nullable=False,
                                                    server_default=default))
    if "attempts_by_learner" not in {i["name"] for i in inspector.get_indexes("attempts")}:
        op.create_index("attempts_by_learner", "attempts",
                        ["learner", "exercise", "question", "id"])


def downgrade() -> None:
    op.drop_table("attempts")
