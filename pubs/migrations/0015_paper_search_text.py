from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("pubs", "0014_import_text_lz4")]

    operations = [
        migrations.AddField(
            model_name="paper",
            name="search_text",
            field=models.TextField(
                blank=True,
                default="",
                editable=False,
                help_text="What the public search reads (pubs.search).",
                verbose_name="search text",
            ),
        ),
    ]
