"""Pages into PDF and PNG bytes: ReportLab's speed layer and the rasteriser."""
