import streamlit as st

st.title("Stud Study Room")
st.write("The study app is being built.")
