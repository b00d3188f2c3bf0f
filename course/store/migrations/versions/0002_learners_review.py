"""Learners' display names (for the class page) and spaced-review cards.

Revision ID: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "learners",
        sa.Column("key", sa.Text, primary_key=True),        # issuer + subject, or "local"
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("email", sa.Text, nullable=False, server_default=""),
        sa.Column("seen", sa.Text, nullable=False),         # ISO 8601, UTC: last login
    )
    op.create_table(
        "review_cards",
        sa.Column("learner", sa.Text, primary_key=True),
        sa.Column("card", sa.Text, primary_key=True),
        sa.Column("state", sa.Text, nullable=False),        # JSON, owned by the scheduler
        sa.Column("due", sa.Text, nullable=False),          # ISO 8601, UTC
        sa.Column("updated", sa.Text, nullable=False),
    )
    op.create_index("review_cards_due", "review_cards", ["learner", "due"])


def downgrade() -> None:
    op.drop_table("review_cards")
    op.drop_table("learners")
