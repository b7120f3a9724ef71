// The header is the module; C targets need a source file.
#include "CEpoll.h"
