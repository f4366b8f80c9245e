#include "cli.h"

#include <floodgate/system.h>

int main(int argc, char** argv)
{
    fg::prepareProcessForTransfers();
    return fg::cli::run(argc, argv);
}
