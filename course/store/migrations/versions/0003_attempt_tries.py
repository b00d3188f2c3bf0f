"""Every try is an attempt row, saved with what it was.

`try_kind` says which try a row is: `first` (the first answer, unaided), `hint` (an answer given
after the hint was shown), `second` (a later try on the same question), `shown` (checked after
the answer was shown). Rows written before this revision kept only one try per question; a row
checked with the answer shown becomes `shown`, every other one `first` (the store cannot know
more about them).

Revision ID: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("attempts", sa.Column("try_kind", sa.Text, nullable=False, server_default="first"))
    op.execute("UPDATE attempts SET try_kind = 'shown' WHERE revealed = 1")


def downgrade() -> None:
    with op.batch_alter_table("attempts") as batch:
        batch.drop_column("try_kind")
