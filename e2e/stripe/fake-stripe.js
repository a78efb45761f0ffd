/* global window, document, fetch, URLSearchParams */
// A small fake of Stripe.js (served by e2e/stripe.spec.ts where https://js.stripe.com/… would load).
// It keeps the calls the app makes — Stripe(key), elements().create('card'), confirmCardPayment,
// confirmCardSetup, handleNextAction — and speaks to https://api.stripe.com as Stripe.js does (the
// spec routes that to e2e/stripe/fake-api.ts). The card fields are plain inputs instead of Stripe's
// iframe, and 3-D Secure is a dialog with Stripe's test buttons instead of the bank's page.
(function () {
  var API = 'https://api.stripe.com/v1/';
  function post(key, path, fields) {
    var body = new URLSearchParams(Object.assign({ key: key }, fields));
    return fetch(API + path, { method: 'POST', body: body }).then(function (r) {
      return r.json().then(function (j) { return { ok: r.ok, body: j }; });
    });
  }
  function challenge() {
    return new Promise(function (resolve) {
      var box = document.createElement('div');
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-label', '3D Secure (test)');
      box.style.cssText = 'position:fixed;inset:0;display:grid;place-items:center;background:rgb(0 0 0/.5);z-index:99999';
      box.innerHTML = '<div style="background:#fff;color:#111;padding:24px;border-radius:8px;font:16px system-ui">' +
        '<p>3D Secure 2 Test Page</p><button data-r="complete">Complete authentication</button> ' +
        '<button data-r="fail">Fail authentication</button></div>';
      box.addEventListener('click', function (e) {
        var r = e.target && e.target.getAttribute && e.target.getAttribute('data-r');
        if (!r) return;
        box.remove();
        resolve(r);
      });
      document.body.appendChild(box);
    });
  }
  function Stripe(key) {
    var kind = function (secret) { return secret.indexOf('seti_') === 0 ? 'setup_intents' : 'payment_intents'; };
    var idOf = function (secret) { return secret.split('_secret_')[0]; };
    function answer(path, res) {
      if (!res.ok) return { error: res.body.error };
      return path === 'setup_intents' ? { setupIntent: res.body } : { paymentIntent: res.body };
    }
    function next(secret, res) {
      var path = kind(secret);
      if (!res.ok || res.body.status !== 'requires_action') return answer(path, res);
      return challenge().then(function (result) {
        return post(key, path + '/' + idOf(secret) + '/authenticate', { client_secret: secret, result: result });
      }).then(function (r) { return answer(path, r); });
    }
    function confirm(secret, data) {
      var card = data.payment_method.card;
      var exp = card._input('exp').value.split('/');
      return post(key, kind(secret) + '/' + idOf(secret) + '/confirm', {
        client_secret: secret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': card._input('number').value,
        'payment_method_data[card][exp_month]': exp[0],
        'payment_method_data[card][exp_year]': '20' + exp[1],
        'payment_method_data[card][cvc]': card._input('cvc').value,
      }).then(function (res) { return next(secret, res); });
    }
    return {
      elements: function () {
        return {
          create: function (type, options) {
            var box = null, handlers = [], style = options.style;
            var el = {
              _input: function (n) { return box.querySelector('[data-f="' + n + '"]'); },
              mount: function (target) {
                box = target;
                box.classList.add('StripeElement', 'StripeElement--empty');
                box.innerHTML = '<div style="display:flex;gap:8px">' +
                  '<input data-f="number" aria-label="Card number" placeholder="1234 1234 1234 1234" style="flex:3;min-width:0">' +
                  '<input data-f="exp" aria-label="MM / YY" placeholder="LL / AA" style="flex:1;min-width:0">' +
                  '<input data-f="cvc" aria-label="CVC" placeholder="CVC" style="flex:1;min-width:0"></div>';
                el.update({ style: style });
                box.addEventListener('input', function () {
                  var v = function (n) { return el._input(n).value.replace(/\D/g, ''); };
                  var empty = !v('number') && !v('exp') && !v('cvc');
                  var complete = v('number').length >= 15 && /^\d{2}\/\d{2}$/.test(el._input('exp').value) && v('cvc').length >= 3;
                  box.classList.toggle('StripeElement--empty', empty);
                  box.classList.toggle('StripeElement--complete', complete);
                  handlers.forEach(function (h) { h({ elementType: 'card', empty: empty, complete: complete }); });
                });
                box.addEventListener('focusin', function () { box.classList.add('StripeElement--focus'); });
                box.addEventListener('focusout', function () { box.classList.remove('StripeElement--focus'); });
              },
              on: function (name, h) { if (name === 'change') handlers.push(h); return el; },
              update: function (o) {
                style = o.style || style;
                if (!box) return;
                box.querySelectorAll('input').forEach(function (i) {
                  i.style.cssText += ';border:0;outline:0;background:transparent;font-size:' + style.base.fontSize +
                    ';color:' + style.base.color + ';font-family:' + style.base.fontFamily;
                });
              },
              clear: function () { box.querySelectorAll('input').forEach(function (i) { i.value = ''; }); },
              focus: function () { el._input('number').focus(); },
              destroy: function () { if (box) box.innerHTML = ''; },
            };
            return el;
          },
        };
      },
      confirmCardPayment: confirm,
      confirmCardSetup: confirm,
      handleNextAction: function (o) {
        var secret = o.clientSecret;
        return post(key, kind(secret) + '/' + idOf(secret), { client_secret: secret }).then(function (res) { return next(secret, res); });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
