-- Issue 11 §4.2: the offline sync used to mark every test it touched as source 'offline', so tests
-- made online were labelled offline. A test made offline is always created by the sync (kind
-- 'sync'); every other kind was made online, so its true origin is known and restored here.
update tests set source = 'online' where source = 'offline' and kind <> 'sync';
