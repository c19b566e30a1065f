from django.contrib import admin

#: (app label, model name) of every model the admin site registers.
REGISTERED = sorted(
    (model._meta.app_label, model._meta.model_name) for model in admin.site._registry
)
