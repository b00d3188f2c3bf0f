"""The screens on a phone (390 x 844 and alike): the first question on the first screen.

One style sheet, drawn once per run by the entry script, for widths up to 640 px (where
Streamlit stacks columns): less room above the title and a smaller one, the Practice pickers
side by side, Review's figures in one row, tables that scroll sideways inside themselves, and
no keyboard hint nor shortcut badge on a button. The deal pictures' own phone rules are in `cards_view.CSS`."""

CSS = """
/* a page link's title too long for its line ends in an ellipsis (Streamlit clips it mid-letter:
   its text sits in a block inside the span that carries the ellipsis) */
[data-testid=stPageLink] [data-testid=stMarkdownContainer],
[data-testid=stPageLink] [data-testid=stMarkdownContainer] p{overflow:hidden;text-overflow:ellipsis;
  white-space:nowrap;min-width:0}
.st-key-lesson_onward [data-testid=stPageLink] [data-testid=stMarkdownContainer],
.st-key-lesson_onward [data-testid=stPageLink] [data-testid=stMarkdownContainer] p{white-space:normal}
@media (max-width: 640px) {
  [data-testid=stMetricLabel] p{white-space:normal !important}
  [data-testid=stMainBlockContainer]{padding-top:2.75rem !important;padding-left:.75rem !important;
    padding-right:.75rem !important}
  h1{font-size:1.6rem !important;padding:.15rem 0 .15rem 0 !important}
  [data-testid=stVerticalBlock]{gap:.35rem !important}
  [data-testid=stMarkdownContainer] p{margin-bottom:.5rem}
  [data-testid=stMain] [data-testid=stMarkdownContainer] p,
  [data-testid=stMain] [data-testid=stMarkdownContainer] li{font-size:.95rem;line-height:1.45}
  h3{font-size:1.1rem !important;line-height:1.3 !important;padding:.25rem 0 .5rem 0 !important}
  /* Practice: "Practise by" and its choice share one row; the deal pager follows */
  .st-key-practice_bar{flex-wrap:wrap !important;row-gap:.4rem !important}
  /* their labels are read out, not shown: the choices say what they are */
  .st-key-practice_bar [data-testid=stWidgetLabel]{position:absolute !important;width:1px !important;
    height:1px !important;overflow:hidden !important;clip:rect(0 0 0 0) !important;white-space:nowrap !important}
  .st-key-practice_bar > [data-testid=stElementContainer]:has([data-testid=stSelectbox]){
    flex:1 1 40% !important;width:auto !important;min-width:0 !important;max-width:none !important}
  .st-key-practice_bar > [data-testid=stElementContainer]:has([data-testid=stSelectbox]):nth-child(2){
    flex-grow:2 !important}
  /* Review's figures (today, streak, due) in one row of small numbers */
  [data-testid=stHorizontalBlock]:has([data-testid=stMetric]){flex-wrap:nowrap !important;gap:.5rem !important}
  [data-testid=stHorizontalBlock]:has([data-testid=stMetric]) > [data-testid=stColumn]{
    min-width:0 !important;width:auto !important;flex:1 1 0 !important}
  [data-testid=stMetricValue]{font-size:1.25rem !important}
  [data-testid=stMetricValue] > div{overflow:visible !important}
  /* Review on a phone: its question (and Check) above the deal it asks about, so a big deal
     does not push the Check off the first screen */
  .st-key-review_item [data-testid=stHorizontalBlock]:has(.ssr-table){flex-direction:column-reverse !important}
  /* stacked columns (the deal, then its question) closer together */
  [data-testid=stHorizontalBlock]{row-gap:.6rem !important}
  .ssr-table{margin-bottom:.25rem !important}
  /* a learner's tables (Review's summary, Progress) wrap their words to fit the screen: a long
     deal title in Progress's most-missed table would otherwise push its last columns off */
  [data-testid=stTable] th,[data-testid=stTable] td{white-space:normal !important;
    overflow-wrap:anywhere;padding:.25rem .35rem !important;font-size:.85rem}
  /* the numbered question tabs (Q1 Q2 ...) need no "Question" label above them */
  [data-testid=stColumn] [data-testid=stElementContainer][class*="-question "] [data-testid=stWidgetLabel]{
    display:none !important}
  [data-testid=stColumn] [data-testid=stElementContainer][class*="-question "]{margin-top:.2rem}
  /* a deal's actions and events, numbered, in two columns: the question comes sooner */
  [class*="st-key-deal_timeline_"]{margin-top:.35rem}
  [class*="st-key-deal_timeline_"] ol{columns:2;column-gap:1rem;margin-bottom:.6rem;padding-left:0;
    list-style-position:inside}
  [class*="st-key-deal_timeline_"] li{margin:0 !important;padding:0 !important;break-inside:avoid}
  [class*="st-key-deal_timeline_"] p{margin-bottom:.15rem}
  /* Author preview's source and kind choices: all on one row, none clipped */
  .st-key-author_source button,.st-key-author_kind button{padding:.3rem .5rem !important;min-height:2.25rem}
  .st-key-author_source button p,.st-key-author_kind button p{font-size:.85rem !important}
  /* the keyboard's hint means nothing on a touch screen, nor a button's shortcut badge
     ("Enter" on Check, "N" on Next: Streamlit labels the badge "Shortcut ...") */
  .st-key-keys_hint{display:none !important}
  .st-key-keyed_question{margin-bottom:0 !important}
  .st-key-keyed_question::after{display:none !important}
  [data-testid=stButton] [aria-label^="Shortcut "]{display:none !important}
}
"""


def style_tag() -> str:
    return f"<style>{CSS}</style>"
