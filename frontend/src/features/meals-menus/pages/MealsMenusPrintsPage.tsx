import { useState } from 'react';
import { Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { mealsMenus } from '../api/meals-menus';
import { useInstitutionOptions, useMenuOptions } from '@/lib/meals-menus/options';
import { formatDate } from '@/lib/format';
import { isMonth, monthOf } from '../components/months';
import { PrintActions } from '../components/PrintActions';

/**
 * `/mealsMenusPrints`: pick a menu, a month (or all its months) and, for grammages, the institution whose
 * setting applies; then print, print by diet or export to Word.
 */
export function MealsMenusPrintsPage() {
  const { t, i18n } = useTranslation(['mealsMenus', 'routes']);
  const menus = useMenuOptions();
  const institutions = useInstitutionOptions();
  const [menuId, setMenuId] = useState<number | null>(null);
  const [month, setMonth] = useState('');
  const [institutionId, setInstitutionId] = useState<number | null>(null);
  const menu = mealsMenus.useDetail(menuId);

  const chooseMenu = (value: string) => {
    setMenuId(value ? Number(value) : null);
    setInstitutionId(null);
    setMonth('');
  };

  return (
    <section>
      <PageHeader title={t('routes:areas.mealsMenusPrints')} />
      <Card>
        <Card.Body>
          <Row className="g-3">
            <Col md={5}>
              <Form.Group controlId="prints-menu">
                <Form.Label>{t('prints.menu')}</Form.Label>
                <Form.Select value={menuId ?? ''} onChange={(event) => chooseMenu(event.target.value)}>
                  <option value="">{t('prints.chooseMenu')}</option>
                  {(menus.data ?? []).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.text}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
            <Col md={3}>
              <Form.Group controlId="prints-month">
                <Form.Label>{t('fields.month')}</Form.Label>
                <Form.Control
                  type="month"
                  value={month}
                  min={menu.data ? monthOf(menu.data.dateFrom) : undefined}
                  max={menu.data ? monthOf(menu.data.dateTo) : undefined}
                  onChange={(event) => setMonth(event.target.value)}
                />
                <Form.Text>{t('prints.monthHelp')}</Form.Text>
              </Form.Group>
            </Col>
            <Col md={4}>
              <Form.Group controlId="prints-institution">
                <Form.Label>{t('fields.institution')}</Form.Label>
                <Form.Select value={institutionId ?? ''} onChange={(event) => setInstitutionId(event.target.value ? Number(event.target.value) : null)}>
                  <option value="">{t('prints.anyInstitution')}</option>
                  {(institutions.data ?? [])
                    .filter((option) => !menu.data || menu.data.institutionsIds.includes(Number(option.value)))
                    .map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.text}
                      </option>
                    ))}
                </Form.Select>
                <Form.Text>{t('prints.institutionHelp')}</Form.Text>
              </Form.Group>
            </Col>
          </Row>
        </Card.Body>
        {menuId !== null && (
          <Card.Footer>
            {menu.isPending && <LoadingSpinner />}
            {menu.data && (
              <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
                <span className="text-body-secondary">
                  {formatDate(menu.data.dateFrom, i18n.language)} – {formatDate(menu.data.dateTo, i18n.language)}
                  {' · '}
                  {isMonth(month) ? month : t('prints.allMonths')}
                </span>
                <PrintActions menu={menu.data} month={isMonth(month) ? month : undefined} institutionId={institutionId} />
              </div>
            )}
          </Card.Footer>
        )}
      </Card>
    </section>
  );
}
