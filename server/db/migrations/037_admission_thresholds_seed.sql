-- Admission thresholds with a checked public source (issue 23 §4). Only figures published by the
-- university itself for the last three admission years (2023–2025) are seeded; every other centre,
-- specialization and year stays empty, and the app says so ("Nu avem încă pragurile de admitere…")
-- rather than show a figure nobody can check. Searched for and not found with a verifiable source
-- (26 Nov 2026): București, Cluj-Napoca, Iași, Târgu Mureș, Craiova, Constanța, Sibiu, Galați, Oradea
-- (press articles give older years, 2016–2020, or only places and candidates per place), Timișoara
-- 2024 and 2025. An administrator adds them with PUT /admin/admission-thresholds as they are checked.
--
-- UMF „Victor Babeș” Timișoara, July 2023 session: the university's results page gives the last
-- admitted grade on a state-funded place, 8.52 at Medicine and 7.46 at Dental Medicine, and 336 and
-- 52 state-funded places.
insert into admission_thresholds (center_slug, specialization_slug, year, min_grade, places, source) values
  ('timisoara', 'medicina', 2023, 8.52, 336, 'UMF „Victor Babeș” Timișoara, „Admiterea 2023 UMFVBT – rezultate”: https://www.umft.ro/ro/admiterea-2023-umfvbt-rezultate/'),
  ('timisoara', 'medicina-dentara', 2023, 7.46, 52, 'UMF „Victor Babeș” Timișoara, „Admiterea 2023 UMFVBT – rezultate”: https://www.umft.ro/ro/admiterea-2023-umfvbt-rezultate/')
on conflict (center_slug, specialization_slug, year) do nothing;
