-- A grid that someone has answered must not vanish with its answers: deleting it is refused by the
-- database (the grids service then unpublishes it instead), so other users' results never change.
alter table test_grids drop constraint test_grids_grid_id_fkey;
alter table test_grids add constraint test_grids_grid_id_fkey foreign key (grid_id) references grids(id) on delete no action;
alter table answers drop constraint answers_grid_id_fkey;
alter table answers add constraint answers_grid_id_fkey foreign key (grid_id) references grids(id) on delete no action;
