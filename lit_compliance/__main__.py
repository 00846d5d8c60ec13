from lit_compliance.cli import main

main()
