// Empty: CFuzzDriver is its header (a C target needs one source file).
#include "CFuzzDriver.h"
