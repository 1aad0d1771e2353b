-- The default top-up packages, seeded once: the operator edits or removes them in the console.
INSERT INTO "topup_packages" ("name", "price_cents", "currency", "points", "bonus_points", "sort") VALUES
  ('Starter', 500, 'usd', 500, 0, 1),
  ('Standard', 2000, 'usd', 2000, 200, 2),
  ('Pro', 5000, 'usd', 5000, 1000, 3),
  ('Business', 20000, 'usd', 20000, 6000, 4);
