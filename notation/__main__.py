from notation.cli import main

main()
