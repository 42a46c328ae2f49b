<?php
/**
 * The calculator's first state, painted from the HTML: the amount and term the shortcode (or the price table's
 * settings) choose, with their due date, commission, total and TAE, in the widget's own markup and rules
 * (assets/calculator-paint.json, written by `npm run paint:widgets`). The figures come from the price table the
 * plugin keeps: fetched from the API and kept for the table's own max-age, then refreshed on WordPress's cron while
 * the kept one is still painted; the page never waits on the API. With no table kept yet, the plain skeleton.
 *
 * The mounted widget takes over the same box with the same figures: its props carry the kept table (`seed`), so
 * its first render needs no request and picks the same choice, from where the visitor left the painted sliders.
 */

if (!defined('ABSPATH')) {
    exit;
}

/** A kept table older than this is not painted (the widget still mounts and fetches its own). */
const CREDIMO_PRICES_MAX_STALE = DAY_IN_SECONDS;

/**
 * The API's address as this server reaches it: CREDIMO_API_SERVER_URL (wp-config.php) or the
 * `credimo_api_server_url` option when the public one does not resolve here, else Settings > Credimo's.
 */
function credimo_api_server_url() {
    if (defined('CREDIMO_API_SERVER_URL') && CREDIMO_API_SERVER_URL) {
        return untrailingslashit(CREDIMO_API_SERVER_URL);
    }
    $option = (string) get_option('credimo_api_server_url', '');
    return untrailingslashit($option !== '' ? $option : credimo_settings()['api_base_url']);
}

function credimo_prices_option($product) {
    return 'credimo_prices_' . (int) $product;
}

/** The seconds of `max-age` in a Cache-Control header; 60 (the API's) when it has none. */
function credimo_max_age($header) {
    return is_string($header) && preg_match('/max-age=(\d+)/', $header, $found) ? (int) $found[1] : 60;
}

/** A compact price table (shared/src/contract/pricing.ts, CompactPrices) as the calculator reads it. */
function credimo_valid_compact_prices($table) {
    if (!is_array($table)) {
        return false;
    }
    foreach (array('terms', 'amounts') as $range) {
        if (!isset($table[$range]['min'], $table[$range]['max'], $table[$range]['step']) || (int) $table[$range]['step'] < 1) {
            return false;
        }
    }
    $rows = count(credimo_range($table['terms']));
    $columns = count(credimo_range($table['amounts']));
    foreach (array('total', 'original_total', 'tae_tenths') as $figure) {
        if (!isset($table[$figure]) || !is_array($table[$figure]) || count($table[$figure]) !== $rows) {
            return false;
        }
        foreach ($table[$figure] as $row) {
            if (!is_array($row) || count($row) !== $columns) {
                return false;
            }
        }
    }
    return array_key_exists('free_up_to', $table);
}

/** Fetches a product's price table and calculator settings from the API and keeps them. */
function credimo_refresh_prices($product = null) {
    $product = (int) ($product === null ? credimo_settings()['default_product'] : $product);
    $api = credimo_api_server_url();
    $answer = wp_remote_get("$api/v2/products/$product/prices", array('timeout' => 5, 'headers' => array('Accept' => 'application/json')));
    if (is_wp_error($answer) || wp_remote_retrieve_response_code($answer) !== 200) {
        return false;
    }
    $prices = json_decode(wp_remote_retrieve_body($answer), true);
    if (!credimo_valid_compact_prices($prices)) {
        return false;
    }
    // As the widget does: the settings are optional (without them, the first term's last amount).
    $settings = null;
    $settings_answer = wp_remote_get("$api/api/products/$product/settings", array('timeout' => 5));
    if (!is_wp_error($settings_answer) && wp_remote_retrieve_response_code($settings_answer) === 200) {
        $decoded = json_decode(wp_remote_retrieve_body($settings_answer), true);
        $settings = is_array($decoded) && isset($decoded['calculator']) ? $decoded : null;
    }
    $now = time();
    update_option(credimo_prices_option($product), array(
        'prices' => $prices,
        'settings' => $settings,
        'fetched' => $now,
        'expires' => $now + credimo_max_age(wp_remote_retrieve_header($answer, 'cache-control')),
    ), false);
    return true;
}
add_action('credimo_refresh_prices', 'credimo_refresh_prices');

/**
 * The kept table of a product, or null. A stale one is still returned (within a day) and a refresh is scheduled
 * on the cron, so no page waits on the API.
 */
function credimo_kept_prices($product) {
    $kept = get_option(credimo_prices_option($product), null);
    $now = time();
    if (!is_array($kept) || !isset($kept['expires']) || $kept['expires'] <= $now) {
        if (!wp_next_scheduled('credimo_refresh_prices', array((int) $product))) {
            wp_schedule_single_event($now, 'credimo_refresh_prices', array((int) $product));
        }
    }
    if (!is_array($kept) || !isset($kept['prices'], $kept['fetched']) || $kept['fetched'] + CREDIMO_PRICES_MAX_STALE < $now) {
        return null;
    }
    return $kept;
}

function credimo_range($range) {
    $values = array();
    for ($value = (int) $range['min']; $value <= (int) $range['max']; $value += max(1, (int) $range['step'])) {
        $values[] = $value;
    }
    return $values;
}

/** shared/src/domain/calculator.ts snapTo, 'closest': ties go to the lower step. */
function credimo_snap($allowed, $target) {
    $first = $allowed[0];
    $last = $allowed[count($allowed) - 1];
    if ($target <= $first) {
        return $first;
    }
    if ($target >= $last) {
        return $last;
    }
    $best = $first;
    foreach ($allowed as $value) {
        if (abs($value - $target) < abs($best - $target)) {
            $best = $value;
        }
    }
    return $best;
}

/**
 * The choice the widget opens with (remotes/calculator/src/initial.ts requestedChoice and the domain's
 * defaultChoice): the shortcode's amount (euros) and term when both are given, snapped to the table; else the
 * settings' toggle positions; else the first term's last amount. (A choice kept in the visitor's browser is read
 * by the widget only.) Returns array(term, amount in cents).
 */
function credimo_calculator_choice($kept, $props) {
    $terms = credimo_range($kept['prices']['terms']);
    $amounts = credimo_range($kept['prices']['amounts']);
    if (isset($props['amount'], $props['term'])) {
        return array(credimo_snap($terms, (int) $props['term']), credimo_snap($amounts, (int) round($props['amount'] * 100)));
    }
    if (isset($kept['settings']['calculator'])) {
        $positions = $kept['settings']['calculator'];
        $clamp = function ($position, $count) {
            return min(max((int) $position, 0), $count - 1);
        };
        return array(
            $terms[$clamp($positions['term_default_toggle_position'], count($terms))],
            $amounts[$clamp($positions['amount_default_toggle_position'], count($amounts))],
        );
    }
    return array($terms[0], $amounts[count($amounts) - 1]);
}

/** shared/src/format/money.ts: groups of three with a point ('always') or only from five digits ('min2'). */
function credimo_group_thousands($digits, $always) {
    return $always || strlen($digits) >= 5 ? preg_replace('/\B(?=(\d{3})+(?!\d))/', '.', $digits) : $digits;
}

/** formatMoney: integer cents as "1.234,56 €" with a no-break space. */
function credimo_format_money($cents) {
    $magnitude = abs((int) $cents);
    return ($cents < 0 ? '-' : '') . credimo_group_thousands((string) intdiv($magnitude, 100), true) . ','
        . str_pad((string) ($magnitude % 100), 2, '0', STR_PAD_LEFT) . "\u{00a0}€";
}

/** The slider's text of an amount: "300 €" (formatMoney without ",00"). */
function credimo_format_euros($cents) {
    return preg_replace('/,00/', '', credimo_format_money($cents), 1);
}

/** formatDecimal(tae, 1) of a TAE in tenths of a percent: "1.234,5" from five digits on. */
function credimo_format_tenths($tenths) {
    $magnitude = abs((int) $tenths);
    return ($tenths < 0 ? '-' : '') . credimo_group_thousands((string) intdiv($magnitude, 10), false) . ',' . ($magnitude % 10);
}

/** The due date of a loan of `term` days taken today in Madrid (shared/src/domain/calendar.ts dueDate), dd/mm/yyyy. */
function credimo_due_date($term, $now = null) {
    $today = new DateTimeImmutable('@' . ($now === null ? time() : (int) $now));
    $madrid = $today->setTimezone(new DateTimeZone('Europe/Madrid'));
    $day = new DateTimeImmutable($madrid->format('Y-m-d'), new DateTimeZone('UTC'));
    return $day->modify('+' . (int) $term . ' days')->format('d/m/Y');
}

/** The figures of one option of a compact table: running sums of its row up to the amount's column. */
function credimo_price_option($prices, $term, $amount) {
    $row = array_search($term, credimo_range($prices['terms']), true);
    $column = array_search($amount, credimo_range($prices['amounts']), true);
    $sum = function ($figure) use ($prices, $row, $column) {
        return (int) array_sum(array_slice($prices[$figure][$row], 0, $column + 1));
    };
    $total = $sum('total');
    return array(
        'is_free' => $prices['free_up_to'] !== null && $amount <= (int) $prices['free_up_to'],
        'total' => $total,
        'original_total' => $sum('original_total'),
        'return_amount' => $amount + $total,
        'tae_tenths' => $sum('tae_tenths'),
    );
}

function credimo_calculator_paint_assets() {
    static $paint = null;
    if ($paint === null) {
        $json = @file_get_contents(CREDIMO_DIR . 'assets/calculator-paint.json');
        $decoded = is_string($json) ? json_decode($json, true) : null;
        $paint = is_array($decoded) && isset($decoded['css'], $decoded['template'], $decoded['commissions']) ? $decoded : false;
    }
    return $paint;
}

/** Whether the calculator's rules went into this page's head (only then is it painted: no unstyled flash). */
function credimo_calculator_styled($set = null) {
    static $styled = false;
    if ($set !== null) {
        $styled = $set;
    }
    return $styled;
}

/** Pages known to show a calculator get its painted rules in the head, beside the other widgets'. */
function credimo_enqueue_calculator_paint() {
    $paint = credimo_calculator_paint_assets();
    if (!$paint || credimo_calculator_styled() || !in_array('calculator', credimo_page_widgets(), true)) {
        return;
    }
    wp_add_inline_style('credimo-widgets', $paint['css']);
    credimo_calculator_styled(true);
}
add_action('wp_enqueue_scripts', 'credimo_enqueue_calculator_paint', 11);

/** Whether the page's calculators of the default product will be painted (their table is kept). */
function credimo_calculator_will_paint() {
    return credimo_calculator_styled() && credimo_kept_prices((int) credimo_settings()['default_product']) !== null;
}

/**
 * The painted calculator for a shortcode's clean props: array('html' => markup, 'props' => for the widget: `seed`,
 * the kept table, and `paint`, the painted markup's id, whose sliders it starts from), or null (not styled in the
 * head, no table kept, or the paint's file missing).
 */
function credimo_calculator_paint($props) {
    $paint = credimo_calculator_paint_assets();
    $settings = credimo_settings();
    $product = isset($props['product']) ? (int) $props['product'] : (int) $settings['default_product'];
    // A block theme renders the content before the head: the rules can still go into it.
    if ($paint && !credimo_calculator_styled() && !did_action('wp_head')) {
        wp_add_inline_style('credimo-widgets', $paint['css']);
        credimo_calculator_styled(true);
    }
    if (!$paint || !credimo_calculator_styled()) {
        return null;
    }
    $kept = credimo_kept_prices($product);
    if ($kept === null) {
        return null;
    }
    static $count = 0;
    $count++;
    $prices = $kept['prices'];
    list($term, $amount) = credimo_calculator_choice($kept, $props);
    $option = credimo_price_option($prices, $term, $amount);
    $terms = credimo_range($prices['terms']);
    $amounts = credimo_range($prices['amounts']);
    $money = function ($cents) {
        return esc_html(credimo_format_money($cents));
    };
    $commission = $option['is_free']
        ? $paint['commissions']['free']
        : ($option['total'] !== $option['original_total'] ? $paint['commissions']['discounted'] : $paint['commissions']['plain']);
    $commission = strtr($commission, array('{{total}}' => $money($option['total']), '{{original}}' => $money($option['original_total'])));
    $days = function ($term) use ($paint) {
        return sprintf($paint['daysFormat'], $term);
    };
    $euros = array();
    foreach ($amounts as $cents) {
        $euros[] = $cents / 100;
    }
    $html = strtr($paint['template'], array(
        '{{id}}' => 'credimo-calculator-' . $count,
        '{{amount_text}}' => esc_attr(credimo_format_euros($amount)),
        '{{amount_max}}' => count($amounts) - 1,
        '{{amount_index}}' => array_search($amount, $amounts, true),
        '{{amount_steps}}' => esc_attr(wp_json_encode($euros)),
        '{{amount_texts}}' => esc_attr(wp_json_encode(array_map('credimo_format_euros', $amounts), JSON_UNESCAPED_UNICODE)),
        '{{amount_input}}' => esc_attr(intdiv($amount, 100) . ',' . str_pad((string) ($amount % 100), 2, '0', STR_PAD_LEFT)),
        '{{term_text}}' => esc_attr($days($term)),
        '{{term_max}}' => count($terms) - 1,
        '{{term_index}}' => array_search($term, $terms, true),
        '{{term_steps}}' => esc_attr(wp_json_encode($terms)),
        '{{term_texts}}' => esc_attr(wp_json_encode(array_map($days, $terms), JSON_UNESCAPED_UNICODE)),
        '{{due}}' => esc_html(credimo_due_date($term)),
        '{{commission}}' => $commission,
        '{{total}}' => $money($option['return_amount']),
        '{{tae}}' => esc_html(credimo_format_tenths($option['tae_tenths']) . ' %'),
        '{{free_note}}' => $option['is_free'] ? $paint['freeNote'] : '',
        // Painted without the shortcode's promo code, which only the widget checks: dimmed until it has.
        '{{figures_busy}}' => empty($props['promocode']) ? '' : ' aria-busy="true"',
        '{{secci}}' => esc_url(untrailingslashit($settings['api_base_url']) . "/v2/products/$product/prices/$term/$amount/offer/html"),
    ));
    return array(
        'html' => $html . credimo_calculator_paint_script_once(),
        'props' => array(
            'seed' => array('prices' => $prices, 'settings' => $kept['settings']),
            'paint' => 'credimo-calculator-' . $count,
        ),
    );
}

/**
 * Whether this page's head carries the painted calculator's answer (credimo_print_calculator_answer): pages known
 * to show a painted calculator. Their painted sliders move the figures too, by the widget's own rules.
 */
function credimo_calculator_answers_from_head() {
    $paint = credimo_calculator_paint_assets();
    return $paint && !empty($paint['answer']) && in_array('calculator', credimo_page_widgets(), true)
        && credimo_calculator_will_paint();
}

/**
 * The painted calculator answers before the widget arrives: its sliders move their texts and figures, computed
 * from the table the placeholder carries by the widget's own functions, bundled (assets/calculator-paint.json,
 * `answer`). In the head, once, where no content filter reads it; it listens on the document, so it serves the
 * calculators parsed after it. A site's CSP plugin adds its nonce through core's filter, as for the loader.
 */
function credimo_print_calculator_answer() {
    if (!credimo_calculator_answers_from_head()) {
        return;
    }
    echo credimo_inline_script_tag('credimo-paint-answer', credimo_calculator_paint_assets()['answer']) . "\n";
}

/**
 * Where the head carries no answer (a calculator the head did not know of): a painted slider's text follows it, the
 * figures wait, dimmed, for the widget, which starts where the slider was left (Calculator.tsx, movedOnPage).
 * Inline, once per page, inside the first painted calculator (the widget's first render removes it; it has run by
 * then). No "<" in it: WordPress's content filters would read one as a tag.
 */
function credimo_calculator_paint_script_once() {
    static $printed = false;
    if ($printed || credimo_calculator_answers_from_head()) {
        return '';
    }
    $printed = true;
    $source = "document.addEventListener('input',function(e){var i=e.target,t=i.dataset&&i.dataset.credimoTexts;"
        . "if(t){t=JSON.parse(t)[i.value];i.setAttribute('aria-valuetext',t);i.previousSibling.lastChild.textContent=t;"
        . "i.closest('section').querySelector('dl').style.opacity=0.5}})";
    return credimo_inline_script_tag('credimo-paint-sliders', $source);
}
