enum DataLayer {}
