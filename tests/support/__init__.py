"""Helper modules the test folders share: no tests and no fixtures (those are in the folders'
conftest.py files). A test module imports from here, never from another test module."""
