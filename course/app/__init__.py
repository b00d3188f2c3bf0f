"""The Streamlit app. `ENTRY` is the script `streamlit run` starts (`python -m course.app`)."""

from pathlib import Path

ENTRY = Path(__file__).with_name("streamlit_app.py")
