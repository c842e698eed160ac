"""A toy game that declares only what every game must (no optional hook), for the test that
such a game works everywhere: server, browser catalog, terminal, envs (issue #22)."""
