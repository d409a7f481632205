"""Issue 15: the order item table's foreign keys filled by the nightly automark are checked set-based, once per
statement (kantyna.core.set_based_fks), instead of PostgreSQL's per-row checks at COMMIT; indexes that duplicate
another (child_id, worker_id next to (child, date), (worker, date)) or that no read uses (the catalog columns,
always read with a date) go; the subject and user indexes become partial (a row is in none it has no value for)."""

import django.db.models.deletion
from django.db import migrations, models

from kantyna.core.set_based_fks import FUNCTIONS, fk_triggers

TRIGGERS, TRIGGERS_BACKWARD = fk_triggers(
    "ordering_orderitem",
    [
        ("order_id", "ordering_order"),
        ("child_id", "people_child"),
        ("worker_id", "people_workerprofile"),
        ("meal_type_id", "catalog_mealtype"),
        ("diet_id", "catalog_diet"),
        ("portion_size_id", "catalog_portionsize"),
        ("price_list_item_id", "pricing_pricelistitem"),
    ],
)


class Migration(migrations.Migration):
    dependencies = [
        ("catalog", "0002_initial"),
        ("ordering", "0004_orderitem_served_by"),
        ("people", "0002_child_ordering_prepaids_child_subscribed_payments_and_more"),
        ("pricing", "0001_initial"),
        ("users", "0003_user_accepted_marketing_user_archived_at_and_more"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="orderitem",
            name="order_item_child_date",
        ),
        migrations.RemoveIndex(
            model_name="orderitem",
            name="order_item_worker_date",
        ),
        migrations.AlterField(
            model_name="orderitem",
            name="cancelled_by",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="users.user",
            ),
        ),
        migrations.AlterField(
            model_name="orderitem",
            name="child",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="order_items",
                to="people.child",
            ),
        ),
        migrations.AlterField(
            model_name="orderitem",
            name="diet",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="order_items",
                to="catalog.diet",
            ),
        ),
        migrations.AlterField(
            model_name="orderitem",
            name="meal_type",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="order_items",
                to="catalog.mealtype",
            ),
        ),
        migrations.AlterField(
            model_name="orderitem",
            name="order",
            field=models.ForeignKey(
                db_constraint=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="items",
                to="ordering.order",
            ),
        ),
        migrations.AlterField(
            model_name="orderitem",
            name="portion_size",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="order_items",
                to="catalog.portionsize",
            ),
        ),
        migrations.AlterField(
            model_name="orderitem",
            name="price_list_item",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="order_items",
                to="pricing.pricelistitem",
            ),
        ),
        migrations.AlterField(
            model_name="orderitem",
            name="served_by",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="users.user",
            ),
        ),
        migrations.AlterField(
            model_name="orderitem",
            name="worker",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="order_items",
                to="people.workerprofile",
            ),
        ),
        migrations.AddIndex(
            model_name="orderitem",
            index=models.Index(
                condition=models.Q(("child__isnull", False)), fields=["child", "date"], name="order_item_child_date"
            ),
        ),
        migrations.AddIndex(
            model_name="orderitem",
            index=models.Index(
                condition=models.Q(("worker__isnull", False)), fields=["worker", "date"], name="order_item_worker_date"
            ),
        ),
        migrations.AddIndex(
            model_name="orderitem",
            index=models.Index(
                condition=models.Q(("cancelled_by__isnull", False)),
                fields=["cancelled_by"],
                name="order_item_cancelled_by",
            ),
        ),
        migrations.AddIndex(
            model_name="orderitem",
            index=models.Index(
                condition=models.Q(("served_by__isnull", False)), fields=["served_by"], name="order_item_served_by"
            ),
        ),
        migrations.RunSQL(FUNCTIONS + TRIGGERS, TRIGGERS_BACKWARD),
    ]
