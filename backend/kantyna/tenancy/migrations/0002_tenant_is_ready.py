from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tenancy", "0001_initial"),
    ]

    operations = [
        # The tenants that exist are complete (their schemas migrated since): ready. A new one is ready once
        # tenant_create has finished it.
        migrations.AddField(
            model_name="tenant",
            name="is_ready",
            field=models.BooleanField(default=True),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="tenant",
            name="is_ready",
            field=models.BooleanField(default=False),
        ),
    ]
