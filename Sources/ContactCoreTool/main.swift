import ContactCoreCLI

ContactCoreTool.main()
