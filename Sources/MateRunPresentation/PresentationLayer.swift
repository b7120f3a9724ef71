enum PresentationLayer {}
