-- How long the platform took to answer each request through the project gateway, in milliseconds.
alter table edge_logs add column duration_ms real;
