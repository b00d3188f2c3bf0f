"""The study loop: engine-made drills, spaced review (FSRS) and feedback on the mistake made.

- `templates`: generated items, rebuilt exactly from `gen/<template>/<seed>`; `stud`, `home`: the
  templates of each game (one per ask, plus trap templates);
- `misconceptions`: the catalogue (`misconceptions.yaml`) and the replay that names the mistake a
  wrong answer shows;
- `schedule`: one FSRS memory card per skill and trap (and per hand-written exercise), mastery
  per skill, and the small store interface the schedule is kept behind.
"""
