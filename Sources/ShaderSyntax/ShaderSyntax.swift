// ShaderSyntax: see README.md for what this module does.
